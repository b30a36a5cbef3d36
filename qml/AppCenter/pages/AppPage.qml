pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components

// One application: icon, name, summary, developer; Install/Remove with progress and Cancel;
// screenshots; description; ratings (histogram and Bayesian score); package facts.
// Every text from the catalog is plain text.
Page {
    id: page

    required property var appDetails
    required property var transactions
    required property var navigation
    required property var packageDetails
    required property var launcher
    property var reviews: null

    readonly property string appState: page.transactions.state
    readonly property bool busy: page.transactions.running

    Accessible.name: page.appDetails.name

    ScrollView {
        id: scroll
        anchors.fill: parent
        contentWidth: availableWidth
        clip: true

        ColumnLayout {
            width: scroll.availableWidth
            spacing: 16

            Label {
                visible: !page.appDetails.loading && !page.appDetails.found
                text: qsTr("This application is not in the catalog.")
                Layout.margins: 24
            }

            RowLayout {
                visible: page.appDetails.found
                spacing: 20
                Layout.fillWidth: true
                Layout.leftMargin: 24
                Layout.rightMargin: 24
                Layout.topMargin: 20

                Image {
                    // read by --screenshot, which waits for every image
                    readonly property bool isLoading: status === Image.Loading
                    source: page.appDetails.iconUrl
                    sourceSize.width: 128
                    sourceSize.height: 128
                    Layout.preferredWidth: 128
                    Layout.preferredHeight: 128
                    asynchronous: true
                    Accessible.ignored: true
                }
                ColumnLayout {
                    Layout.fillWidth: true
                    spacing: 6
                    Label {
                        objectName: "appName"
                        text: page.appDetails.name
                        textFormat: Text.PlainText
                        font.pixelSize: 26
                        font.bold: true
                        elide: Text.ElideRight
                        maximumLineCount: 2
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label {
                        text: page.appDetails.summary
                        textFormat: Text.PlainText
                        font.pixelSize: 16
                        wrapMode: Text.Wrap
                        elide: Text.ElideRight
                        maximumLineCount: 3
                        Layout.fillWidth: true
                    }
                    Label {
                        visible: page.appDetails.developer !== ""
                        text: page.appDetails.developer
                        textFormat: Text.PlainText
                        opacity: 0.7
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                    RowLayout {
                        spacing: 6
                        StarRating {
                            value: page.appDetails.ratingScore
                            starSize: 18
                            visible: page.appDetails.ratingCount > 0
                        }
                        Label {
                            text: page.appDetails.ratingCount > 0
                                  ? qsTr("Ratings: %L1").arg(page.appDetails.ratingCount)
                                  : qsTr("No ratings yet")
                            opacity: 0.7
                        }
                    }
                }
                ColumnLayout {
                    Layout.alignment: Qt.AlignTop
                    spacing: 6
                    Button {
                        id: installButton
                        objectName: "installButton"
                        text: qsTr("Install")
                        icon.name: "download"
                        highlighted: true
                        visible: page.appState !== "installed" && page.appState !== "removing" && !page.busy
                        enabled: page.transactions.available
                        Accessible.name: qsTr("Install %1").arg(page.appDetails.name)
                        onClicked: page.transactions.install(page.appDetails.appId)
                    }
                    Button {
                        objectName: "launchButton"
                        text: qsTr("Launch")
                        icon.name: "system-run"
                        highlighted: true
                        // appState first: re-checked when an install finishes
                        visible: page.appState === "installed" && !page.busy
                                 && page.launcher.canLaunch(page.appDetails.desktopId)
                        Accessible.name: qsTr("Launch %1").arg(page.appDetails.name)
                        onClicked: page.launcher.launch(page.appDetails.desktopId)
                    }
                    Button {
                        objectName: "removeButton"
                        text: qsTr("Remove")
                        icon.name: "edit-delete"
                        visible: page.appState === "installed" && !page.busy
                        enabled: page.transactions.available
                        Accessible.name: qsTr("Remove %1").arg(page.appDetails.name)
                        onClicked: page.transactions.remove(page.appDetails.appId)
                    }
                    Label {
                        visible: !page.transactions.available
                        text: page.transactions.unavailableReason
                        wrapMode: Text.Wrap
                        opacity: 0.7
                        font.pixelSize: 11
                        Layout.maximumWidth: 220
                    }
                }
            }

            ProgressPanel {
                objectName: "progressPanel"
                visible: page.busy
                statusText: page.transactions.statusText
                percent: page.transactions.percent
                Layout.fillWidth: true
                Layout.leftMargin: 24
                Layout.rightMargin: 24
                onCancelRequested: page.transactions.cancel(page.appDetails.appId)
            }

            ScreenshotCarousel {
                visible: page.appDetails.found && count > 0
                model: page.appDetails.screenshots
                Layout.fillWidth: true
                Layout.leftMargin: 24
                Layout.rightMargin: 24
            }

            Repeater {
                model: page.appDetails.description
                delegate: Label {
                    required property string modelData
                    text: modelData
                    textFormat: Text.PlainText
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                    Layout.leftMargin: 24
                    Layout.rightMargin: 24
                }
            }

            GridLayout {
                visible: page.appDetails.found
                columns: 2
                columnSpacing: 40
                rowSpacing: 16
                Layout.fillWidth: true
                Layout.leftMargin: 24
                Layout.rightMargin: 24
                Layout.bottomMargin: 24

                ColumnLayout {
                    Layout.alignment: Qt.AlignTop
                    Layout.preferredWidth: 320
                    spacing: 6
                    Label {
                        text: qsTr("Ratings")
                        font.bold: true
                        font.pixelSize: 16
                    }
                    Label {
                        visible: page.appDetails.ratingCount > 0
                        //: the Bayesian lower-bound score on a 1 to 5 scale, and the plain average
                        text: qsTr("Score %1 of 5 (average %2)").arg(page.appDetails.ratingScore.toFixed(1))
                                  .arg(page.appDetails.ratingMean.toFixed(1))
                    }
                    Label {
                        visible: page.appDetails.ratingCount === 0
                        text: qsTr("Nobody has rated this application yet.")
                        opacity: 0.7
                    }
                    Repeater {
                        model: page.appDetails.ratingCount > 0 ? page.appDetails.histogram : []
                        delegate: RowLayout {
                            id: bar
                            required property int index
                            required property int modelData
                            spacing: 8
                            Label { text: qsTr("%1 ★").arg(5 - bar.index); Layout.preferredWidth: 36 }
                            Rectangle {
                                Layout.preferredWidth: 200
                                Layout.preferredHeight: 10
                                radius: 5
                                color: page.palette.mid
                                Rectangle {
                                    width: parent.width * bar.modelData / page.appDetails.histogramMax
                                    height: parent.height
                                    radius: 5
                                    color: "#f6a500"
                                }
                            }
                            Label { text: "%L1".arg(bar.modelData); opacity: 0.7 }
                        }
                    }
                }
                GridLayout {
                    Layout.alignment: Qt.AlignTop
                    Layout.fillWidth: true
                    columns: 2
                    columnSpacing: 12
                    rowSpacing: 6
                    Label { text: qsTr("Package"); font.bold: true; Layout.alignment: Qt.AlignTop }
                    Label {
                        text: page.appDetails.packages.join("\n")
                        textFormat: Text.PlainText
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label {
                        text: qsTr("Available")
                        font.bold: true
                        visible: page.packageDetails.versions.length > 0
                        Layout.alignment: Qt.AlignTop
                    }
                    Label {
                        objectName: "packageVersions"
                        visible: page.packageDetails.versions.length > 0
                        text: page.packageDetails.versions.join("\n")
                        textFormat: Text.PlainText
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label { text: qsTr("Size"); font.bold: true; visible: page.packageDetails.sizeText !== "" }
                    Label {
                        objectName: "packageSize"
                        visible: page.packageDetails.sizeText !== ""
                        text: page.packageDetails.sizeText
                        Layout.fillWidth: true
                    }
                    Label { text: qsTr("License"); font.bold: true; visible: page.appDetails.license !== "" }
                    Label {
                        visible: page.appDetails.license !== ""
                        text: page.appDetails.license
                        textFormat: Text.PlainText
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label { text: qsTr("Categories"); font.bold: true; visible: page.appDetails.categories.length > 0 }
                    Label {
                        visible: page.appDetails.categories.length > 0
                        text: page.appDetails.categories.join(", ")
                        textFormat: Text.PlainText
                        Layout.fillWidth: true
                    }
                    Label { text: qsTr("Website"); font.bold: true; visible: page.appDetails.homepage !== "" }
                    Label {
                        visible: page.appDetails.homepage !== ""
                        text: page.appDetails.homepage
                        textFormat: Text.PlainText
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                }
            }

            ReviewsSection {
                visible: page.appDetails.found && page.reviews !== null && page.reviews.enabled
                reviews: page.reviews
                appName: page.appDetails.name
                canWrite: page.appState === "installed"
                Layout.fillWidth: true
                Layout.leftMargin: 24
                Layout.rightMargin: 24
                Layout.bottomMargin: 24
            }
        }
    }
}
